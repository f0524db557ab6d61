/** A board: zones in the map's order, each a list of countries in the order printed on the map. */
export interface ScenarioCountry {
  name: string;
  /** Board power base (whole PBU; x1000 in chips). */
  pbu: number;
}

export interface ScenarioZone {
  name: string;
  countries: ScenarioCountry[];
}

export interface Scenario {
  name: string;
  zones: ScenarioZone[];
}

/** A page of the app: mounted into the main area, destroyed when the user goes elsewhere. */
export interface Page {
  destroy(): void;
}

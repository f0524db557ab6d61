import type { Scenario } from '../../../board/index.ts';

/** Parts of the 1982 world, for quick computer games: three small zones (7 countries). */
export const threeZones: Scenario = {
  name: 'three small zones of 1982',
  zones: [
    {
      name: 'Zone 3',
      countries: [
        { name: 'Vietnam', pbu: 3 },
        { name: 'China', pbu: 13 },
        { name: 'North Korea', pbu: 2 },
      ],
    },
    {
      name: 'Zone 7',
      countries: [
        { name: 'Philippines', pbu: 3 },
        { name: 'Indonesia', pbu: 6 },
      ],
    },
    {
      name: 'Zone 10',
      countries: [
        { name: 'South Africa', pbu: 4 },
        { name: 'Nigeria', pbu: 5 },
      ],
    },
  ],
};

/** Four zones of the 1982 world (17 countries, the United States among them). */
export const fourZones: Scenario = {
  name: 'four zones of 1982',
  zones: [
    {
      name: 'Zone 1',
      countries: [
        { name: 'Canada', pbu: 7 },
        { name: 'United States', pbu: 30 },
        { name: 'Mexico', pbu: 5 },
      ],
    },
    {
      name: 'Zone 4',
      countries: [
        { name: 'Greece', pbu: 1 },
        { name: 'Italy', pbu: 5 },
        { name: 'West Germany', pbu: 10 },
        { name: 'Spain', pbu: 4 },
        { name: 'France', pbu: 8 },
        { name: 'United Kingdom', pbu: 8 },
        { name: 'Norway', pbu: 2 },
      ],
    },
    {
      name: 'Zone 8',
      countries: [
        { name: 'Taiwan', pbu: 3 },
        { name: 'Japan', pbu: 10 },
        { name: 'South Korea', pbu: 3 },
      ],
    },
    {
      name: 'Zone 9',
      countries: [
        { name: 'Venezuela', pbu: 2 },
        { name: 'Columbia', pbu: 3 },
        { name: 'Brazil', pbu: 6 },
        { name: 'Argentina', pbu: 5 },
      ],
    },
  ],
};

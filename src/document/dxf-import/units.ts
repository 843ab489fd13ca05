// DXF's drawing units ($INSUNITS), one table: each code's millimetres per unit. 0 (or no $INSUNITS) is unitless:
// the user says what a unit is (src/shared/import-choices.ts). US survey units are the survey foot's 1200/3937 m.

/** Millimetres per unit, by $INSUNITS code, with the unit's name as the user reads it. */
export const DXF_UNITS: Readonly<Record<number, { name: string; mm: number }>> = {
  1: { name: 'inches', mm: 25.4 },
  2: { name: 'feet', mm: 304.8 },
  3: { name: 'miles', mm: 1_609_344 },
  4: { name: 'millimetres', mm: 1 },
  5: { name: 'centimetres', mm: 10 },
  6: { name: 'metres', mm: 1000 },
  7: { name: 'kilometres', mm: 1e6 },
  8: { name: 'microinches', mm: 25.4e-6 },
  9: { name: 'mils', mm: 0.0254 },
  10: { name: 'yards', mm: 914.4 },
  11: { name: 'ångströms', mm: 1e-7 },
  12: { name: 'nanometres', mm: 1e-6 },
  13: { name: 'micrometres', mm: 1e-3 },
  14: { name: 'decimetres', mm: 100 },
  15: { name: 'decametres', mm: 1e4 },
  16: { name: 'hectometres', mm: 1e5 },
  17: { name: 'gigametres', mm: 1e12 },
  18: { name: 'astronomical units', mm: 1.495978707e14 },
  19: { name: 'light years', mm: 9.4607304725808e18 },
  20: { name: 'parsecs', mm: 3.085677581491367e19 },
  21: { name: 'US survey feet', mm: 1_200_000 / 3937 },
  22: { name: 'US survey inches', mm: 100_000 / 3937 },
  23: { name: 'US survey yards', mm: 3_600_000 / 3937 },
  24: { name: 'US survey miles', mm: 6_336_000_000 / 3937 },
};

/** The unitless code. */
export const DXF_UNITLESS = 0;

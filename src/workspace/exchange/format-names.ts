/** The formats of an export, in one table with no imports: the CLI's --format lists it at start-up. */
export const EXCHANGE_FORMATS = ['md', 'json', 'csv'] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];

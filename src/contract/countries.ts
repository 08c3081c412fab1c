/** The ISO 3166-1 alpha-3 list lives in the domain (src/domain/countries.ts); the contract's schemas check with it. */
export { COUNTRY_CODES, isCountryCode } from "../domain/countries"

// @life-admin/domain/reading: text -> proposal (issue 21, decisions D14), as an entry of its own
// (tsup.config.ts). Its date library is heavy and only the API and scripts read documents, so
// the package's index, which the web app's first download reads, does not import it. The index
// exports the proposal's schema alone (light, marked pure) for the API's contract.
export * from "./proposal.js";
export * from "./propose-from-text.js";
export { UNSURE_TEXT_CONFIDENCE } from "./unsure-text.js";

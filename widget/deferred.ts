// tender-deferred.js: the loader's half that no payer waits for. tender.js imports it from its own server once its
// page is ready (off the critical path), or when the page is slow or fails: the loading and failure states, and the
// check of every URL the page asks to send the payer to. The ESM entry bundles it.
export { redirectTop } from './redirect';
export { states } from './states';

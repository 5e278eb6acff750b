// Build-time flag (scripts/build.ts via scripts/loader-build.ts): false in tender.js, true in dist/esm. Unset when
// the sources run as they are (tests, tsx): they behave like the ESM entry. Read it as `typeof __ESM__ != 'boolean' || __ESM__`.
declare const __ESM__: boolean;

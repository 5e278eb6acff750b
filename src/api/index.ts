/** The payment API contract: valibot schemas and types shared by the browser, the proxy and the sandbox. */
export * from './common';
export * from './split';
export * from './card';
export * from './channels';
export * from './transactions';
export * from './transfers';
export * from './refunds';
export * from './banks';
export * from './operations';
export * from './routes';
export * from './status';

// `tender-checkout/api`: the payment API contract (valibot schemas and types of every operation, the routes, the
// statuses) and the typed client a merchant's server uses to create and verify transactions.
export * from './index';
export { createApiClient, type ApiClient, type ApiClientOptions, type ApiError, type ApiErrorCode, type ApiResult, type CallOptions } from './client';

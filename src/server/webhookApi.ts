// The merchant's check of Tender's webhooks, as both builds of the server kit publish it (index.ts for Node, web.ts
// for the edge): Web Crypto only, no node: module; each name is documented in webhookVerify.ts. One list for both, so
// that neither misses a name; webhookSecretBytes stays internal (webhooks.ts signs with it).
export {
  type TenderFinalStatus,
  type TenderWebhookData,
  type TenderWebhookEvent,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookErrorCode,
  type WebhookHeaders,
  WebhookVerificationError,
} from './webhookVerify';

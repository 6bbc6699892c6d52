/**
 * API answers of this size or more are compressed (@fastify/compress, registered in app.ts): smaller answers gain
 * less than the encoding costs, and a compressed 1 KiB still takes one packet.
 */
export const COMPRESS_FROM_BYTES = 1024

import type { FastifyReply } from 'fastify';

/**
 * Sends an answer kept under an Idempotency-Key (modules/payments/idempotent-run.ts) with the
 * status it was first given: a 2xx goes through the route's response schema for that status; a
 * refusal replayed keeps its stored error envelope (4xx carry no response schema).
 */
export const sendStoredAnswer = (reply: FastifyReply, answer: { status: number; body: unknown }) =>
  reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);

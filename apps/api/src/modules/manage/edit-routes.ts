import type { FastifyInstance } from 'fastify';

/** The order edit's routes (identity §4 "Manage order", decision 0036). */
export function registerEditRoutes(_app: FastifyInstance) {}

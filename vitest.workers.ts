import { availableParallelism } from 'node:os';

/**
 * How many test files run at once, for each project's config: Vitest takes `maxWorkers` from the
 * project's own config (by default one fewer than the cores), not from the root's, and the projects
 * must agree. Two per core: an integration test spends much of its time waiting on PostgreSQL, which
 * runs in processes of its own, so with one file at a time per core the cores idle between round trips.
 * At most six: a server file holds up to 15 connections, and PostgreSQL's default allows 100.
 */
export const maxWorkers = Math.min(availableParallelism() * 2, 6);

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  carrierConnectionSchema,
  testConnectionResultSchema,
  type CarrierConnection,
  type CreateConnectionRequest,
  type TestConnectionResult,
  type UpdateConnectionRequest,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { z } from 'zod';
import { api, apiRequest } from '../../../lib/api-client';
import { CARRIER_CONNECTIONS_QUERY_KEY } from './keys';

export const CARRIER_CONNECTIONS_PATH = '/api/carrier-connections';
const connectionPath = (id: string) => `${CARRIER_CONNECTIONS_PATH}/${encodeURIComponent(id)}`;

/** The organization's carrier connections with health and budget (secrets masked). */
export async function listConnections(signal?: AbortSignal): Promise<CarrierConnection[]> {
  return z.array(carrierConnectionSchema).parse(await api.get<unknown>(CARRIER_CONNECTIONS_PATH, { signal }));
}

export const connectionsQueryOptions = () =>
  queryOptions({
    queryKey: CARRIER_CONNECTIONS_QUERY_KEY,
    queryFn: ({ signal }) => listConnections(signal),
    // Health moves with every poll the engine makes; edits by other admins arrive over the socket.
    refetchInterval: 60_000,
  });

export function useConnections() {
  return useQuery(connectionsQueryOptions());
}

export async function createConnection(input: CreateConnectionRequest): Promise<CarrierConnection> {
  const envelope = await apiRequest<unknown>(CARRIER_CONNECTIONS_PATH, { method: 'POST', body: input });
  return carrierConnectionSchema.parse(envelope.result);
}

export async function updateConnection({
  connectionId,
  ...input
}: UpdateConnectionRequest & { connectionId: string }): Promise<CarrierConnection> {
  const envelope = await apiRequest<unknown>(connectionPath(connectionId), { method: 'PATCH', body: input });
  return carrierConnectionSchema.parse(envelope.result);
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await apiRequest<null>(connectionPath(connectionId), { method: 'DELETE' });
}

export async function testConnection({
  connectionId,
  reference,
}: {
  connectionId: string;
  reference?: string;
}): Promise<TestConnectionResult> {
  const envelope = await apiRequest<unknown>(`${connectionPath(connectionId)}/test`, {
    method: 'POST',
    body: reference ? { reference } : {},
  });
  return testConnectionResultSchema.parse(envelope.result);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CARRIER_CONNECTIONS_QUERY_KEY });
}

export const useCreateConnection = () =>
  useMutation({ mutationFn: createConnection, onSuccess: useRefresh() });
export const useUpdateConnection = () =>
  useMutation({ mutationFn: updateConnection, onSuccess: useRefresh() });
export const useDeleteConnection = () =>
  useMutation({ mutationFn: deleteConnection, onSuccess: useRefresh() });
// A test writes the connection's health and spends its budget: the list shows both.
export const useTestConnection = () => useMutation({ mutationFn: testConnection, onSettled: useRefresh() });

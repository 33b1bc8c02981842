import { ActionIcon, Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CONNECTION_HEADERS_MAX,
  CONNECTION_URL_MAX,
  type AuthType,
  type CarrierConnection,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import type { Dispatch, SetStateAction } from 'react';

export interface HeaderRow {
  name: string;
  value: string;
  /** The stored value's last four characters (editing): an empty value keeps it. */
  last4: string | null;
}

/** What the OAuth2 fields hold; the client ID and secret are typed in, never shown back. */
export interface OAuthValue {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

type StoredOAuth = Extract<CarrierConnection['auth'], { type: 'oauth2-client-credentials' }>;

const kept = (last4: string) =>
  last4 ? `Saved, ending in ${last4}: leave empty to keep` : 'Saved: leave empty to keep';

interface AuthFieldsProps {
  authType: AuthType;
  headers: HeaderRow[];
  setHeaders: Dispatch<SetStateAction<HeaderRow[]>>;
  oauth: OAuthValue;
  setOAuth: Dispatch<SetStateAction<OAuthValue>>;
  /** The saved OAuth2 credentials' last characters, when editing one. */
  storedOAuth: StoredOAuth | null;
  /** The saved secrets are of this auth type: an empty field keeps them. */
  sameType: boolean;
}

/**
 * A connection's credentials as its auth type asks for them: named headers (an API key), or an OAuth2
 * client. A saved secret shows its last four characters as the placeholder, never its value.
 */
export function AuthFields({
  authType,
  headers,
  setHeaders,
  oauth,
  setOAuth,
  storedOAuth,
  sameType,
}: AuthFieldsProps) {
  const { tokenUrl, clientId, clientSecret, scope } = oauth;
  const setTokenUrl = (value: string) => setOAuth((o) => ({ ...o, tokenUrl: value }));
  const setClientId = (value: string) => setOAuth((o) => ({ ...o, clientId: value }));
  const setClientSecret = (value: string) => setOAuth((o) => ({ ...o, clientSecret: value }));
  const setScope = (value: string) => setOAuth((o) => ({ ...o, scope: value }));
  return (
    <>
      {authType === 'headers' ? (
        <Stack gap="xs">
          {headers.map((row, index) => (
            <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={index === 0 ? 'Header' : undefined}
                aria-label={`Header ${String(index + 1)} name`}
                placeholder="Consumer-Key"
                value={row.name}
                style={{ flex: 1, minWidth: 0 }}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  setHeaders((all) => all.map((h, i) => (i === index ? { ...h, name } : h)));
                }}
              />
              <PasswordInput
                label={index === 0 ? 'Value' : undefined}
                aria-label={`Header ${String(index + 1)} value`}
                placeholder={row.last4 !== null && sameType ? kept(row.last4) : 'The key'}
                value={row.value}
                autoComplete="off"
                style={{ flex: 1, minWidth: 0 }}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setHeaders((all) => all.map((h, i) => (i === index ? { ...h, value } : h)));
                }}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Remove header ${String(index + 1)}`}
                disabled={headers.length === 1}
                onClick={() => setHeaders((all) => all.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {headers.length < CONNECTION_HEADERS_MAX ? (
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => setHeaders((all) => [...all, { name: '', value: '', last4: null }])}
              >
                Add header
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
      {authType === 'oauth2-client-credentials' ? (
        <Stack gap="sm">
          <TextInput
            label="Token URL"
            placeholder="https://auth.carrier.example/oauth2/token"
            value={tokenUrl}
            maxLength={CONNECTION_URL_MAX}
            onChange={(event) => setTokenUrl(event.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label="Client ID"
              placeholder={storedOAuth && sameType ? kept(storedOAuth.clientIdLast4) : undefined}
              value={clientId}
              autoComplete="off"
              onChange={(event) => setClientId(event.currentTarget.value)}
            />
            <PasswordInput
              label="Client secret"
              placeholder={storedOAuth && sameType ? kept(storedOAuth.clientSecretLast4) : undefined}
              value={clientSecret}
              autoComplete="off"
              onChange={(event) => setClientSecret(event.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label="Scope"
            description="Optional"
            value={scope}
            onChange={(event) => setScope(event.currentTarget.value)}
          />
        </Stack>
      ) : null}
    </>
  );
}

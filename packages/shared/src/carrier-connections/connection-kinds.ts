/**
 * What a connection speaks: a carrier's DCSA Track & Trace 2.2 events, or a terminal's import
 * availability (APM Terminals' Import Availability API, ADR 0039).
 */
export const CONNECTION_KINDS = ['dcsa-tnt-2.2', 'apmt-import-availability'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

/** The kinds that ask a terminal about containers at its facilities rather than a carrier. */
export const TERMINAL_KINDS = ['apmt-import-availability'] as const satisfies readonly ConnectionKind[];
export type TerminalKind = (typeof TERMINAL_KINDS)[number];

export const isTerminalKind = (kind: ConnectionKind): kind is TerminalKind =>
  (TERMINAL_KINDS as readonly ConnectionKind[]).includes(kind);

export const CONNECTION_KIND_LABELS: Record<ConnectionKind, string> = {
  'dcsa-tnt-2.2': 'Carrier events (DCSA Track & Trace 2.2)',
  'apmt-import-availability': 'Terminal availability (APM Terminals)',
};

/**
 * A terminal connection names its operator where a carrier connection names a SCAC: the code the
 * connection is stored under (one enabled connection per organization and operator) and its name.
 */
export const TERMINAL_OPERATORS: Record<TerminalKind, { code: string; name: string }> = {
  'apmt-import-availability': { code: 'APMT', name: 'APM Terminals' },
};

/** The facilities one terminal connection asks about (UN/LOCODEs), at most. */
export const CONNECTION_TERMINALS_MAX = 30;

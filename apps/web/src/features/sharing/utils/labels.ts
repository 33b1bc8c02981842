/** A status code as people read it: "in_transit" → "In transit"; none yet → "Waiting for the first scan". */
export function statusText(status: string | null): string {
  if (!status) return 'Waiting for the first check';
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

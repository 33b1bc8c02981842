import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info';

const TONES: Record<Tone, { color: string; icon: ReactNode }> = {
  error: { color: 'red', icon: <IconAlertCircle size={18} stroke={1.75} /> },
  success: { color: 'teal', icon: <IconCircleCheck size={18} stroke={1.75} /> },
  info: { color: 'ocean', icon: <IconInfoCircle size={18} stroke={1.75} /> },
};

interface FormAlertProps {
  tone: Tone;
  children: ReactNode;
  title?: string;
  'data-testid'?: string;
}

/**
 * A message about a whole form: what the server answered, or what happened before this screen.
 * Errors are announced at once (role="alert"); other tones politely (role="status").
 */
export function FormAlert({ tone, children, title, 'data-testid': testId }: FormAlertProps) {
  const { color, icon } = TONES[tone];
  return (
    <Alert
      color={color}
      variant="light"
      icon={icon}
      title={title}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      py={10}
      px="sm"
      styles={{
        message: { fontSize: 'var(--mantine-font-size-sm)', lineHeight: 1.45 },
        icon: { marginInlineEnd: 10, marginTop: 1 },
      }}
    >
      {children}
    </Alert>
  );
}

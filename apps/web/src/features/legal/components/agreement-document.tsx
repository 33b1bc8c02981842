import { Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { CURRENT_AGREEMENT_VERSION, USER_AGREEMENT } from '@tracklane/shared/legal/user-agreement';
import classes from './agreement-document.module.css';

interface AgreementDocumentProps {
  /** The heading level of the agreement's title where it is shown; sections sit one below. */
  titleOrder?: 1 | 2;
}

/** The user agreement as a readable document: title, date of the last change, numbered sections. */
export function AgreementDocument({ titleOrder = 1 }: AgreementDocumentProps) {
  const sectionOrder = (titleOrder + 1) as TitleOrder;
  return (
    <article className={classes.document} data-testid="user-agreement">
      <header className={classes.header}>
        <Title order={titleOrder} fz={titleOrder === 1 ? '1.625rem' : '1.25rem'}>
          {USER_AGREEMENT.title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          Last updated <time dateTime={CURRENT_AGREEMENT_VERSION}>{USER_AGREEMENT.updated}</time>
        </Text>
      </header>
      <Stack gap="lg">
        {USER_AGREEMENT.sections.map((section) => (
          <section key={section.heading} className={classes.section}>
            <Title order={sectionOrder} fz="1rem" mb={6}>
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} className={classes.paragraph}>
                {paragraph}
              </Text>
            ))}
          </section>
        ))}
      </Stack>
    </article>
  );
}

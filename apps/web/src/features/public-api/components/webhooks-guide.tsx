import '@mantine/core/styles/Typography.layer.css';
import { Typography } from '@mantine/core';
import { marked } from 'marked';
import guide from '../../../../../../docs/webhooks.md?raw';
import classes from './webhooks-guide.module.css';

/**
 * The repository's docs/webhooks.md, built into this chunk: the project's own text, so its HTML is
 * trusted, rendered once per load. Its title is the page's, so the document's own is dropped.
 */
const html = marked.parse(guide.replace(/^# .*\n/, ''), { async: false, gfm: true });

export default function WebhooksGuide() {
  return (
    <Typography className={classes.guide} data-testid="webhooks-guide">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

import {
  alertRuleSchemaOf,
  alertRulesResultSchemaOf,
  saveAlertRuleSchemaOf,
} from '@tracklane/shared/alerts/alerts.schema';
import {
  commentMentionPageSchemaOf,
  commentThreadParamsSchemaOf,
} from '@tracklane/shared/comments/comments.schema';
import { notificationPageSchemaOf } from '@tracklane/shared/notifications/notifications.schema';
import { searchAnswerSchemaOf } from '@tracklane/shared/search/search.schema';
import { sharingSchemas } from '@tracklane/shared/sharing/sharing.schema';
import { allModeFeatures } from '../../modes';

/*
 * The wire shapes written over every mode (sharing, search, comments, notifications, alert rules), built over the
 * modes registered when a route is: shared's exports are the same shapes over the built-in modes,
 * whose fields the spec fixes; a further mode adds its name, its share selection, its shared detail
 * and its search result, from its presentation. Routes call these as they are registered, so their
 * validation and the OpenAPI document know every mode.
 */

/** The registered modes' names, as `shipmentType` and `mode` fields take them. */
export const registeredModeNames = () => allModeFeatures().map((features) => features.mode);

/** The sharing routes' schemas: share selections, shared details and site types of every mode. */
export const registeredSharingSchemas = () =>
  sharingSchemas(
    allModeFeatures().map(({ mode, presentation }) => ({
      mode,
      site: presentation.site,
      selection: presentation.shareSelection.schema,
      detail: presentation.sharedDetailSchema,
    })),
  );

/** GET /api/search's answer: a union of every mode's search result. */
export function registeredSearchAnswerSchema() {
  const [first, ...rest] = allModeFeatures().map((features) => features.presentation.searchResultSchema);
  if (!first) throw new Error('No tracking mode is registered');
  return searchAnswerSchemaOf([first, ...rest]);
}

/** The comment routes' thread address and mention page, over every mode's name. */
export const registeredCommentSchemas = () => ({
  threadParams: commentThreadParamsSchemaOf(registeredModeNames()),
  mentionPage: commentMentionPageSchemaOf(registeredModeNames()),
});

/** The bell's notification page, over every mode's name. */
export const registeredNotificationPageSchema = () => notificationPageSchemaOf(registeredModeNames());

/** The alert rule routes' shapes: a rule's mode is a registered one, its condition one the mode offers. */
export const registeredAlertRuleSchemas = () => ({
  save: saveAlertRuleSchemaOf(
    Object.fromEntries(allModeFeatures().map((features) => [features.mode, features.alerts.conditions])),
  ),
  rule: alertRuleSchemaOf(registeredModeNames()),
  rules: alertRulesResultSchemaOf(registeredModeNames()),
});

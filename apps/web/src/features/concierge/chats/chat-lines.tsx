import { Box, Group, Text } from '@mantine/core';
import type { BotMessage } from '@posada/contracts/concierge';
import { IconAlertTriangle, IconBolt, IconBook2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/intl.ts';
import { describeRule, sourceKind } from './bot-gate.ts';
import classes from './chats.module.css';

function Time({ at }: { at: string }) {
  const { i18n } = useTranslation('bot');
  return (
    <Text size="xs" c="dimmed" mt={2} ta="end">
      {new Intl.DateTimeFormat(intlLocale(i18n.language), {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(at))}
    </Text>
  );
}

/** The rule as the API logs it, in the interface language; the API's own detail stays as a hint (title). */
function useRule() {
  const { t } = useTranslation('bot');
  const policy = (action: string) => t(`policy.${action}`, { defaultValue: action });
  return (rule: string): { text: string; hint: string } => {
    const r = describeRule(rule);
    const text =
      r.kind === 'allowed'
        ? t('rules.allowed', { action: policy(r.action) })
        : r.kind === 'notAllowed'
          ? t('rules.notAllowed', { action: policy(r.action) })
          : r.kind === 'actionFailed'
            ? t('rules.actionFailed', { action: policy(r.action) })
            : r.kind === 'reason'
              ? t(`rules.${r.reason}`)
              : r.text;
    return { text, hint: rule };
  };
}

function Source({ source }: { source: string }) {
  const { t } = useTranslation('bot');
  const kind = sourceKind(source);
  const name =
    'fact' in kind
      ? t(`facts.${kind.fact}`, { defaultValue: kind.fact })
      : 'service' in kind
        ? t('line.sourceService')
        : t('line.sourceAnswer');
  return (
    <Group gap={4} mt={4} wrap="nowrap" data-testid="bot-line-source">
      <IconBook2 size={12} aria-hidden />
      <Text size="xs" c="dimmed">
        {t('line.source', { source: name })}
      </Text>
    </Group>
  );
}

/**
 * One line of a bot conversation: the guest's on the inline-start side, the bot's and the operator's on the
 * other, an action centred with the rule that allowed it; an answer's image and the knowledge it cited.
 */
export function ChatLine({ line, onImageLoad }: { line: BotMessage; onImageLoad?: () => void }) {
  const { t } = useTranslation('bot');
  const rule = useRule();
  if (line.role === 'action')
    return (
      <Box className={classes.lineRow} data-role="action" data-testid="bot-line" data-line-role="action">
        <Box className={classes.actionLine}>
          <Group gap={6} justify="center" wrap="nowrap">
            <IconBolt size={14} aria-hidden color="var(--mantine-color-violet-6)" />
            <Text size="sm" fw={600}>
              {line.action ? t(`actions.${line.action}`) : line.content}
            </Text>
          </Group>
          {line.action && line.content ? (
            <Text size="xs" dir="auto" mt={2}>
              {line.content}
            </Text>
          ) : null}
          {line.rule ? (
            <Text size="xs" c="dimmed" mt={2} title={line.rule} data-testid="bot-line-rule">
              {rule(line.rule).text}
            </Text>
          ) : null}
          <Time at={line.timestamp} />
        </Box>
      </Box>
    );
  const escalated = line.outcome === 'escalated';
  return (
    <Box className={classes.lineRow} data-role={line.role} data-testid="bot-line" data-line-role={line.role}>
      <Box className={classes.bubble} data-escalated={escalated || undefined}>
        <Text
          size="xs"
          fw={600}
          c={line.role === 'bot' ? 'violet.8' : line.role === 'operator' ? 'teal.8' : 'dimmed'}
        >
          {t(`roles.${line.role}`)}
        </Text>
        <Text size="sm" dir="auto">
          {line.content}
        </Text>
        {line.image_url ? (
          <img className={classes.image} src={line.image_url} alt={t('line.image')} onLoad={onImageLoad} />
        ) : null}
        {line.source ? <Source source={line.source} /> : null}
        {escalated ? (
          <Group gap={4} mt={4} wrap="nowrap" data-testid="bot-line-escalated">
            <IconAlertTriangle size={12} aria-hidden color="var(--mantine-color-orange-7)" />
            <Text size="xs" c="orange.8" title={line.rule ?? undefined}>
              {line.rule ? t('line.escalatedWhy', { rule: rule(line.rule).text }) : t('line.escalated')}
            </Text>
          </Group>
        ) : null}
        {line.role === 'bot' && line.action && line.rule ? (
          <Text size="xs" c="dimmed" mt={2} title={line.rule} data-testid="bot-line-rule">
            {t(`actions.${line.action}`)} · {rule(line.rule).text}
          </Text>
        ) : null}
        <Time at={line.timestamp} />
      </Box>
    </Box>
  );
}

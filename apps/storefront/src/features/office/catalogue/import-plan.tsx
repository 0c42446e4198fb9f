import { useEffect, useRef } from 'react';
import type { StaffImportResult } from '@admit/contracts/staff-api';
import { useStrings } from '@/ui/text/use-strings';
import styles from './catalogue.module.css';
import { OFFICE_CATALOGUE_STRINGS } from './strings';

type Group = 'created' | 'changed' | 'removed' | 'other';

/** The plan's lines begin `+ `, `~ ` or `- ` (seller-file/plan.ts); anything else is kept. */
const groupOf = (line: string): Group =>
  line.startsWith('+ ')
    ? 'created'
    : line.startsWith('~ ')
      ? 'changed'
      : line.startsWith('- ')
        ? 'removed'
        : 'other';

const GROUPS: Group[] = ['created', 'changed', 'removed', 'other'];

/**
 * A dry run's plan or an import's result (decision 0089): what is created, changed and removed,
 * each line as the API says it, and any refusal a real import would meet.
 */
export function ImportPlan({
  result,
  title,
  takeFocus = false,
}: {
  result: StaffImportResult;
  title: string;
  /** its heading takes the focus when shown (the button that led to it is gone) */
  takeFocus?: boolean;
}) {
  const t = useStrings(OFFICE_CATALOGUE_STRINGS);
  const headingId = `import-plan-${result.dry_run ? 'dry' : 'applied'}`;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={takeFocus ? -1 : undefined}>
        {title}
      </h2>
      {result.changes.length === 0 && <p>{t('office.catalogue.no-changes')}</p>}
      {GROUPS.map((group) => {
        const lines = result.changes.filter((line) => groupOf(line) === group);
        if (lines.length === 0) return null;
        return (
          <section key={group} aria-label={t(`office.catalogue.${group}`)}>
            <h3>
              {t(`office.catalogue.${group}`)} ({lines.length})
            </h3>
            <ul className={styles.lines}>
              {lines.map((line, i) => (
                <li key={i}>{group === 'other' ? line : line.slice(2)}</li>
              ))}
            </ul>
          </section>
        );
      })}
      {result.refusals.length > 0 && (
        <div role="alert">
          <p>{t('office.catalogue.refusals')}</p>
          <ul className={styles.lines}>
            {result.refusals.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

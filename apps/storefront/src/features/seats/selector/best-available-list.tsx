import { useState } from 'react';
import type { Seat } from '@admit/contracts/seat-map';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { SEATS_STRINGS } from '@/features/seats/strings';
import { bestAvailableRun, sectionsOf } from '@/features/seats/model/best-available';
import type { Required, SeatIndex, Selection } from '@/features/seats/model/seat-selection';
import { countByGroup, seatView, takeRun } from '@/features/seats/model/seat-selection';
import styles from '@/features/seats/selector/seat-selector.module.css';

export interface BestAvailableListProps {
  seats: readonly Seat[];
  index: SeatIndex;
  required: Required;
  selection: Selection;
  onTake: (selection: Selection, added: readonly string[]) => void;
}

/**
 * Picks seats with no map at all (issue #24, accessible seat picking): per section, "Choose
 * best available" takes, for every group still short of seats, the best run of the seats it
 * still needs in that section (best: decision 0054). Plain buttons in a list.
 */
export function BestAvailableList({
  seats,
  index,
  required,
  selection,
  onTake,
}: BestAvailableListProps) {
  const t = useStrings(SEATS_STRINGS);
  const [none, setNone] = useState<{ section: string; count: number } | null>(null);
  const counts = countByGroup(selection);
  const short = [...required]
    .map(([groupId, count]) => ({ groupId, need: count - (counts.get(groupId) ?? 0) }))
    .filter(({ need }) => need > 0);
  const needed = short.reduce((sum, { need }) => sum + need, 0);

  const choose = (section: string) => {
    let next: Selection | null = selection;
    for (const { groupId, need } of short) {
      const current: Selection = next ?? [];
      const run = bestAvailableRun(
        seats,
        section,
        need,
        (seat) =>
          seatView(index, seat, required, current) === 'available' &&
          index.groupsOf(seat).includes(groupId),
      );
      next = run
        ? takeRun(
            index,
            required,
            current,
            run.map((seat) => seat.id),
            groupId,
          )
        : null;
      if (!next) break;
    }
    if (!next) {
      setNone({ section, count: needed });
      return;
    }
    setNone(null);
    onTake(
      next,
      next.slice(selection.length).map((pick) => pick.seatId),
    );
  };

  return (
    <section aria-labelledby="seats-best-heading" className={styles.section}>
      <h3 id="seats-best-heading" className={styles.heading}>
        {t('seats.best_heading')}
      </h3>
      <ul className={styles.list}>
        {sectionsOf(seats).map((section) => (
          <li key={section} className={styles.listItem}>
            <span>
              {t('seats.best_section', {
                section,
                count: seats.filter(
                  (seat) =>
                    seat.section === section &&
                    seatView(index, seat, required, selection) === 'available',
                ).length,
              })}
            </span>
            <Button
              variant="secondary"
              aria-label={t('seats.best_choose_label', { section })}
              aria-disabled={needed === 0 ? 'true' : undefined}
              onClick={() => needed > 0 && choose(section)}
            >
              {t('seats.best_choose')}
            </Button>
          </li>
        ))}
      </ul>
      {none && (
        <p role="alert" className={styles.error}>
          {t('seats.best_none', none)}
        </p>
      )}
    </section>
  );
}

import { ToggleButton } from 'react-aria-components';
import styles from '@/features/seats/map/seat-map.module.css';

export interface FilterGroup {
  id: string;
  name: string;
  color: string;
}

/**
 * spec: shopping §2 — per-ticket-group filter buttons. Toggle buttons (aria-pressed): with any
 * pressed, the seats of the other groups are dimmed; with none, every seat shows.
 */
export function GroupFilters({
  label,
  groups,
  shown,
  onChange,
}: {
  label: string;
  groups: readonly FilterGroup[];
  shown: ReadonlySet<string>;
  onChange: (groupId: string, pressed: boolean) => void;
}) {
  if (groups.length < 2) return null;
  return (
    <div role="group" aria-label={label} className={styles.filters}>
      {groups.map((group) => (
        <ToggleButton
          key={group.id}
          className={styles.filter}
          isSelected={shown.has(group.id)}
          onChange={(pressed) => onChange(group.id, pressed)}
        >
          <span className={styles.dot} style={{ background: group.color }} aria-hidden="true" />
          {group.name}
        </ToggleButton>
      ))}
    </div>
  );
}

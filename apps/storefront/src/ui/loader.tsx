import styles from '@/ui/loader.module.css';

/** A polite busy indicator; the label is read by screen readers and shown next to the spinner. */
export function Loader({ label }: { label: string }) {
  return (
    <div className={styles.loader} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Checkbox } from 'react-aria-components';
import type { CheckboxProps } from 'react-aria-components';
import styles from '@/ui/check.module.css';

/** A react-aria checkbox (keyboard, labels, indeterminate) with the storefront's visible box. */
export function Check({
  children,
  ...props
}: Omit<CheckboxProps, 'children'> & { children: ReactNode }) {
  return (
    <Checkbox {...props} className={styles.check}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isIndeterminate ? (
              <svg viewBox="0 0 12 12" width="10" height="10">
                <path d="M2 6h8" stroke="currentColor" strokeWidth="2" />
              </svg>
            ) : isSelected ? (
              <svg viewBox="0 0 12 12" width="10" height="10">
                <path d="M2 6.5l2.5 2.5L10 3.5" stroke="currentColor" strokeWidth="2" fill="none" />
              </svg>
            ) : null}
          </span>
          {children}
        </>
      )}
    </Checkbox>
  );
}

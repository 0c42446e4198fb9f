import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import styles from '@/ui/modal.module.css';

export interface ModalProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** closable modals close on Escape, a backdrop click and their close button (identity §2) */
  isClosable?: boolean;
  /** accessible name of the close button, from the caller's text strings */
  closeLabel: string;
  children: ReactNode;
  className?: string;
}

/**
 * An accessible dialog (focus trap, focus return, inert background) from react-aria. Only the
 * top-most open modal reacts to Escape or a backdrop click, which is the modal-stack rule.
 * Import it from lazily loaded code: react-aria stays out of the first load.
 */
export function Modal({
  title,
  isOpen,
  onOpenChange,
  isClosable = true,
  closeLabel,
  children,
  className,
}: ModalProps) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isClosable}
      isKeyboardDismissDisabled={!isClosable}
    >
      <AriaModal className={[styles.modal, className].filter(Boolean).join(' ')}>
        <Dialog className={styles.dialog}>
          <div className={styles.header}>
            <Heading slot="title">{title}</Heading>
            {isClosable && (
              <button
                type="button"
                className={styles.close}
                aria-label={closeLabel}
                onClick={() => onOpenChange(false)}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
          {children}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

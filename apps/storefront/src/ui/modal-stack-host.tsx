import { useEffect, useState } from 'react';
import { Modal } from '@/ui/modal';
import type { StackEntry } from '@/ui/modal-stack';

interface LevelProps {
  entries: StackEntry[];
  index: number;
  close: (name: string) => void;
}

/**
 * Each modal renders the next one inside itself: react-aria then knows they are nested, keeps the
 * upper one reachable by assistive technology and lets only the top one take Escape and backdrop
 * clicks (identity §2 Global dialogs). Sibling modals would hide each other, and so would a
 * parent and child mounted in the same commit, hence the upper level waits for this one.
 */
function StackLevel({ entries, index, close }: LevelProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const entry = entries[index];
  if (!entry) return null;
  const { modal, closing } = entry;
  return (
    <Modal
      key={entry.id}
      title={modal.title}
      closeLabel={modal.closeLabel}
      isClosable={modal.isClosable ?? true}
      isOpen={!closing}
      onOpenChange={(isOpen) => {
        if (!isOpen) close(modal.name);
      }}
    >
      {modal.content(() => close(modal.name))}
      {mounted && <StackLevel entries={entries} index={index + 1} close={close} />}
    </Modal>
  );
}

export function ModalStackHost({
  entries,
  close,
}: {
  entries: StackEntry[];
  close: (name: string) => void;
}) {
  return <StackLevel entries={entries} index={0} close={close} />;
}

import styles from '@/features/reserve/components/reserve.module.css';

/**
 * The seller's date, session and quantity messages (spec: shopping §3 "Message rules"): a
 * polite live region, so a message that appears as the visitor picks is announced, not just drawn.
 */
export function RuleMessages({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="status" className={styles.ruleMessages}>
      {messages.map((message) => (
        <p key={message} className={styles.ruleMessage}>
          {message}
        </p>
      ))}
    </div>
  );
}

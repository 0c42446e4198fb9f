import type { CSSProperties, ReactNode } from 'react';
import { Button, Heading, Hr, Img, Link, Text } from '@react-email/components';
import { useBrand } from './brand-context';

/*
 * The building blocks of every mail, in the seller's colours and fonts. Text that reads as one
 * sentence is passed as one string: React separates adjacent text pieces with comments, which
 * would split the sentence for anyone searching the HTML.
 */

const HEADINGS = {
  1: { fontSize: '24px', lineHeight: '32px', margin: '0 0 16px' },
  2: { fontSize: '18px', lineHeight: '26px', margin: '24px 0 8px' },
} as const;

/** The mail's one heading (level 1), or a section's heading in a longer mail (level 2). */
export function MailHeading({ children, level = 1 }: { children: ReactNode; level?: 1 | 2 }) {
  const { colors, fonts } = useBrand();
  return (
    <Heading
      as={level === 1 ? 'h1' : 'h2'}
      style={{ color: colors.text, fontFamily: fonts.heading, ...HEADINGS[level] }}
    >
      {children}
    </Heading>
  );
}

/** A paragraph; `muted` for notes, `style` for the odd extra rule. */
export function MailText({
  children,
  muted = false,
  style,
}: {
  children: ReactNode;
  muted?: boolean;
  style?: CSSProperties;
}) {
  const { colors, fonts } = useBrand();
  return (
    <Text
      style={{
        color: muted ? colors.textMuted : colors.text,
        fontFamily: fonts.body,
        fontSize: muted ? '14px' : '16px',
        lineHeight: muted ? '20px' : '24px',
        margin: '0 0 12px',
        ...style,
      }}
    >
      {children}
    </Text>
  );
}

/** The mail's main action: a button in the seller's primary colour. */
export function MailButton({ href, children }: { href: string; children: string }) {
  const { colors, fonts, radiusPx } = useBrand();
  return (
    <Button
      href={href}
      style={{
        backgroundColor: colors.primary,
        color: colors.primaryContrast,
        fontFamily: fonts.body,
        fontSize: '16px',
        fontWeight: 600,
        borderRadius: `${radiusPx}px`,
        padding: '12px 20px',
        margin: '4px 0 16px',
      }}
    >
      {children}
    </Button>
  );
}

/** An inline link in the seller's primary colour. */
export function MailLink({ href, children }: { href: string; children: string }) {
  const { colors } = useBrand();
  return (
    <Link href={href} style={{ color: colors.primary, textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}

export function MailDivider() {
  const { colors } = useBrand();
  return <Hr style={{ borderColor: colors.border, margin: '20px 0' }} />;
}

/** A plain list (tickets' lines, order numbers, payments due). */
export function MailList({ items }: { items: string[] }) {
  const { colors, fonts } = useBrand();
  return (
    <ul
      style={{
        color: colors.text,
        fontFamily: fonts.body,
        fontSize: '16px',
        lineHeight: '24px',
        margin: '0 0 12px',
        paddingLeft: '20px',
      }}
    >
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * An image. `fetchPriority="low"` keeps React from adding a `<link rel="preload">` for it to the
 * head: a browser hint, noise in a mail.
 */
export function MailImage(props: {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  style?: CSSProperties;
}) {
  return <Img {...props} fetchPriority="low" />;
}

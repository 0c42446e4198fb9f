import type { ReactNode } from 'react';
import { Body, Container, Head, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { MailBrand } from '../mail-brand';
import { BrandContext } from './brand-context';
import { MailImage } from './mail-parts';

// phones: columns marked `stack` (a ticket's text and its QR code) fall under each other, and
// the card loses some padding; clients without <style> support keep the side-by-side table
const RESPONSIVE_CSS = `
@media only screen and (max-width: 480px) {
  .stack { display: block !important; width: 100% !important; text-align: left !important; }
  .card { padding: 20px 16px !important; }
}`;

/** The seller's logo linked to the storefront, or its name where it has no usable logo. */
function MailHeader({ brand }: { brand: MailBrand }) {
  const { logo, colors, fonts } = brand;
  return (
    // the plain-text part has the seller's name in its footer; an image link would read as a URL
    <Section style={{ padding: '8px 0 20px' }} data-skip-in-text="true">
      <Link href={brand.homeUrl} style={{ color: colors.text, textDecoration: 'none' }}>
        {logo ? (
          <MailImage
            src={logo.src}
            alt={logo.alt}
            height={logo.heightPx}
            style={{ height: `${logo.heightPx}px`, width: 'auto', maxWidth: '100%' }}
          />
        ) : (
          <Text
            style={{
              color: colors.text,
              fontFamily: fonts.heading,
              fontSize: '20px',
              fontWeight: 700,
              margin: 0,
            }}
          >
            {brand.sellerName}
          </Text>
        )}
      </Link>
    </Section>
  );
}

/**
 * Every mail's frame: the seller's colours, fonts, logo and footer, 600 px wide at most and
 * fluid below that. `preview` is the line inboxes show after the subject.
 */
export function MailLayout({
  brand,
  title,
  preview,
  children,
}: {
  brand: MailBrand;
  title: string;
  preview: string;
  children: ReactNode;
}) {
  const { colors, fonts } = brand;
  return (
    <Html lang={brand.locale}>
      <Head>
        <title>{title}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* the mail is drawn in the seller's own scheme: clients need not invert it */}
        <meta name="color-scheme" content={brand.colorScheme} />
        <meta name="supported-color-schemes" content={brand.colorScheme} />
        <style>{RESPONSIVE_CSS}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.background,
          color: colors.text,
          fontFamily: fonts.body,
          margin: 0,
          padding: 0,
        }}
      >
        <BrandContext.Provider value={brand}>
          {/* the background again on a table: some clients drop the body's styles */}
          <Section style={{ backgroundColor: colors.background, padding: '24px 12px' }}>
            <Container>
              <MailHeader brand={brand} />
              <Section
                className="card"
                style={{
                  backgroundColor: colors.surface,
                  border: `1px solid ${colors.border}`,
                  borderRadius: `${brand.radiusPx}px`,
                  padding: '28px 24px',
                }}
              >
                {children}
              </Section>
              <Section style={{ padding: '16px 4px 0' }}>
                <Text
                  style={{
                    color: colors.textMuted,
                    fontFamily: fonts.body,
                    fontSize: '13px',
                    lineHeight: '18px',
                    margin: 0,
                  }}
                >
                  {brand.footerText}
                </Text>
              </Section>
            </Container>
          </Section>
        </BrandContext.Provider>
      </Body>
    </Html>
  );
}

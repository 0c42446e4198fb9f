import type { ButtonHTMLAttributes } from 'react';
import { Link } from 'react-router';
import type { LinkProps } from 'react-router';
import { AppLink, useStackNavigation } from '@/ui/app-link';
import styles from '@/ui/button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

function classes(
  variant: ButtonVariant,
  fullWidth: boolean | undefined,
  extra: string | undefined,
) {
  return [styles.button, styles[variant], fullWidth ? styles.full : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

/** A native button in the storefront style; `type` defaults to "button" so forms never submit by accident. */
export function Button({
  variant = 'primary',
  fullWidth,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  return <button type={type} className={classes(variant, fullWidth, className)} {...rest} />;
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

/**
 * A router link that looks like a button (navigation stays a link for assistive technology);
 * in a stacked modal, which renders outside the router, the modal's link (ui/app-link.tsx).
 */
export function ButtonLink({
  variant = 'primary',
  fullWidth,
  className,
  ...rest
}: ButtonLinkProps) {
  const stack = useStackNavigation();
  const styled = classes(variant, fullWidth, className);
  if (stack && typeof rest.to === 'string') {
    return (
      <AppLink
        to={rest.to}
        className={styled}
        onClick={rest.onClick}
        aria-label={rest['aria-label']}
      >
        {rest.children}
      </AppLink>
    );
  }
  return <Link className={styled} {...rest} />;
}

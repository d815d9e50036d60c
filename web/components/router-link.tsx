import {
  ActionIcon,
  type ActionIconProps,
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  NavLink,
  type NavLinkProps,
} from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

// Mantine components rendered as router links (typed `to`/`params`, preloading), as the TanStack Router docs
// recommend for component libraries.

type AsAnchor<Props> = Props & Omit<ComponentPropsWithRef<'a'>, keyof Props | 'color' | 'style'>;

function AnchorBase(props: AsAnchor<AnchorProps>) {
  return <Anchor component="a" {...props} />;
}

function ButtonBase(props: AsAnchor<ButtonProps>) {
  return <Button component="a" {...props} />;
}

function ActionIconBase(props: AsAnchor<ActionIconProps>) {
  return <ActionIcon component="a" {...props} />;
}

function NavLinkBase(props: AsAnchor<NavLinkProps>) {
  return <NavLink component="a" {...props} />;
}

export const AnchorLink = createLink(AnchorBase);
export const ButtonLink = createLink(ButtonBase);
export const ActionIconLink = createLink(ActionIconBase);
export const NavLinkLink = createLink(NavLinkBase);

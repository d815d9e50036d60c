import type { ReactNode } from 'react';
import { AnchorLink } from '../../components/router-link';

/** Organisations › the lender › Products (› more): where a product page sits. */
export function productCrumbs(organisation: { uuid: string; name: string }, ...more: ReactNode[]): ReactNode[] {
  return [
    <AnchorLink to="/organisations" size="sm">
      Organisations
    </AnchorLink>,
    <AnchorLink to="/organisation/$uuid" params={{ uuid: organisation.uuid }} size="sm">
      {organisation.name}
    </AnchorLink>,
    <AnchorLink to="/organisation/$uuid/financial_institution_products" params={{ uuid: organisation.uuid }} size="sm">
      Products
    </AnchorLink>,
    ...more,
  ];
}

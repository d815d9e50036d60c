import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { productMessages, type ProductView } from '../../../../domain/financial-institution-product/schemas';
import { useDeleteProduct } from '../api/save-product';

/** Asks before deleting (the item cannot be recovered); success shows 'Product Removed' (spec 1 §8). */
export function useConfirmDeleteProduct() {
  const deletion = useDeleteProduct();

  function confirmDelete(product: Pick<ProductView, 'uuid' | 'product_name'>, onDeleted?: () => void) {
    modals.openConfirmModal({
      title: 'Are you sure?',
      size: 400, // spec 1 §9: confirm dialogs are 400 wide
      centered: true,
      children: (
        <Text size="sm">
          <strong>{product.product_name}</strong> will be deleted. You won't be able to recover this product! Bids that offer it keep its name.
        </Text>
      ),
      labels: { confirm: 'Yes, delete it', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletion.mutate(product.uuid, {
          onSuccess: () => {
            notifications.show({ color: 'teal', title: productMessages.removed, message: `${product.product_name} was deleted.` });
            onDeleted?.();
          },
          onError: () => notifications.show({ color: 'red', title: 'The product was not deleted', message: 'Please try again in a moment.' }),
        }),
    });
  }

  return { confirmDelete, deletingUuid: deletion.isPending ? deletion.variables : undefined };
}

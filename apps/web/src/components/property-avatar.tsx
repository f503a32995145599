import { Avatar, type AvatarProps } from '@mantine/core';
import type { PropertySummary } from '@posada/contracts/users';

/** A property's logo, or the first letter of its name on the brand colour. */
export function PropertyAvatar({
  property,
  ...props
}: { property: Pick<PropertySummary, 'nombre' | 'logo'> } & AvatarProps) {
  return (
    <Avatar src={property.logo || null} alt="" color="posada" variant="light" {...props}>
      {property.nombre.trim().charAt(0).toUpperCase() || '·'}
    </Avatar>
  );
}

/** Who is calling: the account every row must belong to, and the signed-in user acting for it. */
export interface Tenant {
  accountId: string;
  userId: string;
}

import { Box, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isHotelType, needsPropertyPicker } from '@posada/domain/property-types';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { BrandMark } from '../../components/brand-logo.tsx';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { LanguageButton } from '../../components/language-button.tsx';
import { LanguageModal } from '../../components/language-modal.tsx';
import { pathTo, routePaths } from '../../config/routes.ts';
import { BotChatsMenu } from '../../features/concierge/chats/bot-chats-menu.tsx';
import { useUnreadBadge } from '../../features/inbox/hooks/use-inbox-live.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { PaymentFailBanner, TrialBanner } from '../../features/subscription/components/shell-banners.tsx';
import { getToken } from '../../lib/session.ts';
import { SocketContext } from '../../lib/socket-context.ts';
import { useIsMobile } from '../../lib/use-is-mobile.ts';
import { useCurrentUser } from '../../lib/use-session.ts';
import { AppFrame, SidebarCallCard } from '../shell/app-frame.tsx';
import { MessagingModal } from '../shell/messaging-modal.tsx';
import {
  empresaMobileItems,
  empresaSidebarItems,
  navContextFor,
  visibleNavItems,
} from '../shell/nav-items.ts';
import { PropertyDropdown, PropertyLabel } from '../shell/property-dropdown.tsx';
import { PropertyPicker } from '../shell/property-picker.tsx';
import { SupportButton } from '../shell/support-button.tsx';
import { TrialBadge } from '../shell/trial-badge.tsx';
import { useSessionExpiry } from '../shell/use-session-expiry.ts';
import { useSocketToasts } from '../shell/use-socket-toasts.ts';
import { UserMenu } from '../shell/user-menu.tsx';

/**
 * spec 2.3 Main layout (role empresa): sidebar, top navigation, support button, messaging modal and
 * language modal; `embed=true` hides the chrome. With 2+ properties and none chosen, the property
 * picker takes the place of the page.
 */
export function MainLayout() {
  const { data: user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const [languageOpened, language] = useDisclosure(false);
  const [messagingOpened, messaging] = useDisclosure(false);
  useSessionExpiry();
  const socket = useSocketToasts(getToken(), user?.id);
  // The inbox's unread messages on its menu item, kept current by the socket (issue 17).
  const unreadMessages = useUnreadBadge(socket);

  if (!user) return <FullPageLoader />;
  // The subscription and its invoices are the account's, not a property's: no picker in front of them.
  const showPicker =
    needsPropertyPicker(user.type, user.properties.length, user.active_property_id) &&
    !pathname.startsWith(routePaths.invoices);
  const content = showPicker ? <PropertyPicker user={user} /> : <Outlet />;

  if (searchParams.get('embed') === 'true')
    return (
      <SocketContext.Provider value={socket}>
        <Box p="md">{content}</Box>
      </SocketContext.Provider>
    );

  const ctx = navContextFor(user, isMobile);
  const sidebarItems = visibleNavItems(empresaSidebarItems, ctx);
  // Hidden for hotels (spec 2.3), and while the picker itself is on screen.
  const hotel = isHotelType(ctx.propertyType);
  const showPropertyDropdown = !hotel && user.properties.length > 0 && !showPicker;
  const showPropertyLabel = hotel && Boolean(ctx.activePropertyId);

  return (
    <>
      <AppFrame
        sidebarItems={sidebarItems}
        mobileItems={visibleNavItems(empresaMobileItems, ctx)}
        sidebarFooter={<SidebarCallCard items={sidebarItems} />}
        badges={{ inbox: unreadMessages }}
        mobileFooter={
          <Group>
            <TrialBadge user={user} />
          </Group>
        }
        headerStart={
          <>
            {!showPropertyDropdown && !showPropertyLabel && (
              <Box hiddenFrom="sm" display="flex">
                <BrandMark size={30} />
              </Box>
            )}
            {showPropertyDropdown && <PropertyDropdown user={user} ctx={ctx} />}
            {showPropertyLabel && <PropertyLabel user={user} />}
          </>
        }
        headerEnd={
          <>
            <Box visibleFrom="sm">
              <TrialBadge user={user} />
            </Box>
            <BotChatsMenu socket={socket} user={user} />
            <NotificationBell socket={socket} />
            <LanguageButton onClick={language.open} compact={isMobile} />
            <UserMenu
              user={user}
              onOpenLanguage={language.open}
              accountTo={pathTo('configAccount')}
              subscriptionTo={pathTo('pageSubscription')}
              billingTo={pathTo('billing')}
            />
          </>
        }
      >
        <PaymentFailBanner user={user} />
        <TrialBanner user={user} />
        <SocketContext.Provider value={socket}>{content}</SocketContext.Provider>
      </AppFrame>
      <SupportButton onOpenMessaging={messaging.open} />
      <MessagingModal
        opened={messagingOpened}
        onClose={messaging.close}
        userName={user.name}
        userEmail={user.email}
      />
      <LanguageModal opened={languageOpened} onClose={language.close} />
    </>
  );
}

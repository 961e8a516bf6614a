/**
 * Header user menu: avatar and name of the signed-in administrator, with links to the
 * profile and password screens (SPEC section 2 'Profile') and sign-out. On a phone only the
 * avatar shows (the button's label still names the user).
 */
import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useCurrentUser } from '../../modules/auth/CurrentUserContext';
import { useLogout } from '../../modules/auth/useLogout';
import { useScreenUp } from '../../lib/useMediaQuery';

/**
 * Header block of the signed-in user (avatar + first name and name) opening a menu:
 * 'Mon profil', 'Changer le mot de passe', 'Se déconnecter'.
 */
export function UserMenu() {
  const user = useCurrentUser();
  const signOut = useLogout();
  const fullName = [user.firstname, user.name].filter(Boolean).join(' ');
  const showName = useScreenUp('sm');
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined aria-hidden />, label: <Link to="/profile">Mon profil</Link> },
          {
            key: 'password',
            icon: <KeyOutlined aria-hidden />,
            label: <Link to="/profile/password">Changer le mot de passe</Link>,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined aria-hidden />,
            label: 'Se déconnecter',
            danger: true,
            onClick: () => void signOut(),
          },
        ],
      }}
    >
      <button
        type="button"
        data-testid="user-menu"
        aria-label={`Menu de ${fullName}`}
        style={{ background: 'none', border: 0, cursor: 'pointer', padding: '4px 8px', borderRadius: 8, minWidth: 0 }}
      >
        <Flex align="center" gap={10}>
          <Avatar src={user.avatar_url} alt="" size={34} data-testid="header-avatar" style={{ flex: 'none' }} />
          {showName ? (
            <Typography.Text strong ellipsis data-testid="header-user-name" style={{ maxWidth: 280 }}>
              {fullName}
            </Typography.Text>
          ) : null}
          <DownOutlined aria-hidden style={{ fontSize: 10, color: '#64748b' }} />
        </Flex>
      </button>
    </Dropdown>
  );
}

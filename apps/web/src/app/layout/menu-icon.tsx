import type { ReactNode } from 'react';
import {
  CherryIcon,
  DiceIcon,
  GamepadIcon,
  GiftIcon,
  GridIcon,
  HeadsetIcon,
  LayersIcon,
  LiveIcon,
  LogoutIcon,
  MicIcon,
  MonitorIcon,
  ReceiptIcon,
  RouletteIcon,
  SettingsIcon,
  ShieldIcon,
  TableIcon,
  UsersIcon,
  WalletIcon,
} from '../../components/icons.tsx';
import type { MenuIcon as MenuIconName } from './menu.ts';

const icons: Record<Exclude<MenuIconName, 'provider'>, (p: { size?: number }) => ReactNode> = {
  gift: GiftIcon,
  grid: GridIcon,
  dice: DiceIcon,
  layers: LayersIcon,
  users: UsersIcon,
  shield: ShieldIcon,
  wallet: WalletIcon,
  receipt: ReceiptIcon,
  settings: SettingsIcon,
  logout: LogoutIcon,
  headset: HeadsetIcon,
  cherry: CherryIcon,
  live: LiveIcon,
  mic: MicIcon,
  table: TableIcon,
  roulette: RouletteIcon,
  gamepad: GamepadIcon,
  monitor: MonitorIcon,
};

/** A provider has no icon of its own: a monogram tile stands in. */
function Monogram({ text }: { text: string }) {
  const letters = text
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className="flex size-5 items-center justify-center rounded-[5px] bg-ink-600 text-[9px] font-bold tracking-tight text-fg">
      {letters || '·'}
    </span>
  );
}

export function MenuIcon({ name, text }: { name: MenuIconName; text: string }) {
  if (name === 'provider') return <Monogram text={text} />;
  const Icon = icons[name];
  return <Icon size={20} />;
}

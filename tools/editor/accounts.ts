// Staff accounts of the visual editor (stored in $EDITOR_DATA_DIR/accounts.json, default data/editor):
//   npx tsx tools/editor/accounts.ts add <email> --name "Jo Citizen" --password <at least 10 characters> [--admin] [--tenants a,b]
//   npx tsx tools/editor/accounts.ts grant <email> <tenant-slug>...
//   npx tsx tools/editor/accounts.ts revoke <email> <tenant-slug>...
//   npx tsx tools/editor/accounts.ts password <email> <new password>
//   npx tsx tools/editor/accounts.ts list
//   npx tsx tools/editor/accounts.ts demo     admin@example.com (all sites) and one staff account per demo tenant
import { AccountError, accountState, AccountStore } from '../../runtime/editor/accounts';
import { accountsFile, editorDataDir } from '../../runtime/editor/paths';

const [command, ...rest] = process.argv.slice(2);
const store = new AccountStore(accountsFile(editorDataDir()));

function option(name: string): string | undefined {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
}
const positional = rest.filter((a, i) => !a.startsWith('--') && !(i > 0 && rest[i - 1]?.startsWith('--') && !['--admin'].includes(rest[i - 1] ?? '')));

export const DEMO_PASSWORD = 'drive-away-2025';
const demoTenants = ['harbourside-mazda', 'big-sky-cars', 'southern-cross-motor-group', 'outback-caravans-motorcycles'];

async function main() {
  switch (command) {
    case 'add': {
      const [email] = positional;
      const password = option('password');
      if (!email || !password) throw new AccountError('usage: add <email> --name "Name" --password <password> [--admin] [--tenants a,b]');
      const a = await store.create({
        email,
        name: option('name') ?? email,
        password,
        admin: rest.includes('--admin'),
        tenants: (option('tenants') ?? '').split(',').filter(Boolean),
      });
      console.log(`created ${a.email}${a.admin ? ' (platform admin)' : ''}${a.tenants.length ? `, may edit ${a.tenants.join(', ')}` : ''}`);
      break;
    }
    case 'grant':
    case 'revoke': {
      const [email, ...slugs] = positional;
      if (!email || !slugs.length) throw new AccountError(`usage: ${command} <email> <tenant-slug>...`);
      const a = command === 'grant' ? store.grant(email, slugs) : store.revoke(email, slugs);
      console.log(`${a.email} may edit: ${a.admin ? 'every site (platform admin)' : a.tenants.join(', ') || 'no sites'}`);
      break;
    }
    case 'password': {
      const [email, password] = positional;
      if (!email || !password) throw new AccountError('usage: password <email> <new password>');
      await store.setPassword(email, password);
      console.log(`password changed for ${email}`);
      break;
    }
    case 'list':
      for (const a of store.all())
        console.log(
          `${a.email.padEnd(36)} ${a.name.padEnd(24)} ${accountState(a).padEnd(9)} ${a.admin ? 'platform admin' : a.tenants.join(', ') || '(no sites)'}`,
        );
      break;
    case 'demo': {
      const wanted = [
        { email: 'admin@example.com', name: 'Platform Admin', admin: true, tenants: [] as string[] },
        ...demoTenants.map((slug) => ({
          email: `staff@${slug}.example`,
          name: `${slug
            .split('-')
            .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
            .join(' ')} Staff`,
          admin: false,
          tenants: [slug],
        })),
      ];
      for (const w of wanted) {
        if (store.find(w.email)) continue;
        await store.create({ ...w, password: DEMO_PASSWORD });
        console.log(`created ${w.email} (password ${DEMO_PASSWORD})${w.admin ? ', platform admin' : `, may edit ${w.tenants.join(', ')}`}`);
      }
      break;
    }
    default:
      console.log('commands: add, grant, revoke, password, list, demo (see the top of tools/editor/accounts.ts)');
      process.exit(command ? 1 : 0);
  }
}

main().catch((e) => {
  console.error(e instanceof AccountError ? `error: ${e.message}` : e);
  process.exit(1);
});

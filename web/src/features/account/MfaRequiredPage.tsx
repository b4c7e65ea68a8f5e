import { logout } from '../../shared/api/account';
import { Page } from '../../shared/ui/Page';
import { securityMessages } from './messages';
import { TwoStepSetup } from './TwoStepSetup';

/**
 * All an owner or manager sees until two-step sign-in is on, where the shop requires it
 * (SHOP_REQUIRE_MFA): every other call is refused until then. Once the recovery codes are kept,
 * the user is read again and the shop comes back.
 */
export default function MfaRequiredPage() {
  const m = securityMessages().required;
  return (
    <main id="main" className="min-h-screen">
      <Page title={m.title}>
        <div className="mt-2 max-w-xl">
          <p className="text-stone-700">{m.intro}</p>
          <TwoStepSetup onDone={() => undefined} />
          <button type="button" onClick={() => void logout()} className="mt-8 text-stone-700 underline underline-offset-2">
            {m.signOut}
          </button>
        </div>
      </Page>
    </main>
  );
}

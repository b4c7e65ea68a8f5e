import { componentsMessages } from '../i18n/messages/components';

/** Shown while the first page of a visit is still loading. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-stone-600">
      {componentsMessages().loading}
    </div>
  );
}

/**
 * Forms with unsaved changes ask before they are left. Each form reports whether it is changed
 * (`useLeaveGuard(dirty)`); the one `LeaveGuard` of the signed-in shell holds the app's navigations while any
 * form of the page is changed: React Router's `useBlocker` (a router has one blocker: several forms of one page,
 * such as a group's name and its SIRENs, share it), confirmed in the app's dialog, where « Quitter sans
 * enregistrer » goes on and « Rester sur la page » stays. Closing or reloading the tab gets the browser's own
 * prompt (`beforeunload`; browsers show their own text). Staying on the same path (a search parameter changing)
 * is not leaving.
 */
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '../feedback/useConfirmAction';

/** The question asked before leaving a page with unsaved changes. */
export const LEAVE_QUESTION = 'Quitter la page sans enregistrer\u00a0? Vos modifications seront perdues.';

/** What a form tells the guard: it is changed (`true`) or not, under its own id. */
type Report = (id: string, dirty: boolean) => void;

const LeaveGuardContext = createContext<Report | null>(null);

/** Reports the form as changed while `dirty` is true, to the shell's `LeaveGuard` (nothing outside one). */
export function useLeaveGuard(dirty: boolean): void {
  const report = useContext(LeaveGuardContext);
  const id = useId();
  useEffect(() => {
    if (!report || !dirty) return;
    report(id, true);
    return () => report(id, false);
  }, [report, id, dirty]);
}

/** Holds navigations and the tab's closing while a form inside it reports unsaved changes. */
export function LeaveGuard({ children }: { children: ReactNode }) {
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<Report>((id, dirty) => {
    setChanged((current) => {
      if (current.has(id) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const dirty = changed.size > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const confirm = useConfirm();
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    confirm({
      content: LEAVE_QUESTION,
      okText: 'Quitter sans enregistrer',
      cancelText: 'Rester sur la page',
      danger: true,
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, confirm]);

  useEffect(() => {
    if (!dirty) return;
    const hold = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [dirty]);

  return <LeaveGuardContext.Provider value={report}>{children}</LeaveGuardContext.Provider>;
}

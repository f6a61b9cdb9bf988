// 'Show Me N cars' (docs/requirements/vehicle-browsing.md#screens): goes to the current results; N counts to its new value over 1 s.
import { SHOW_ME_COUNT_ANIMATION_MS, showMeCarsLabel } from '../../runtime/domain/search';
import { useCountUp } from '../../runtime/ui/count-up';

export function ShowMeButton({ count, onClick }: { count: number; onClick: () => void }) {
  const shown = useCountUp(count, { duration: SHOW_ME_COUNT_ANIMATION_MS });
  return (
    <button type="button" className="button button-primary show-me-button" onClick={onClick} aria-label={showMeCarsLabel(count)}>
      {showMeCarsLabel(shown)}
    </button>
  );
}

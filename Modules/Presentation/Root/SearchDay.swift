import Domain
import FlowOwner

extension SearchFeature.State {
  /// The search the results step `origin` shows, moved to `day` (the results' other days), with
  /// this form's today: what both roots search and show for `StepOutput.searchDay`. Nil when
  /// `origin` is not a results step or its search cannot move to that day.
  public func another(day: CalendarDay, from origin: BookingStep) -> (
    form: Self, criteria: SearchCriteria
  )? {
    guard case .results(let criteria, _) = origin, let moved = try? criteria.moved(to: day)
    else { return nil }
    return (Self(today: today, criteria: moved), moved)
  }
}

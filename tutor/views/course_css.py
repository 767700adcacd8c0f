"""The course's line and map (:mod:`.course`), styled in the Shell's one stylesheet."""

COURSE_CSS = """
/* the course in Learn (tutor.views.course) */
.course-part { flex: 1 1 100%; min-width: 0; }
.course-part:empty { display: none; }
.study-top:has(.course-line) .lesson-select { display: none; }
.course-line { display: flex; flex-wrap: wrap; gap: 2px 10px; align-items: center; padding: 2px 0; }
.course-title { font-weight: 700; color: var(--accent); }
.course-where { font-weight: 600; }
.course-done { color: var(--muted); font-size: 0.9rem; }
.course-line button { min-height: 44px; }
.course-problem { flex: 1 1 100%; color: #8a1c1c; font-size: 0.9rem; }
.course-table-rules { flex: 1 1 100%; font-size: 0.9rem; }
.course-table-rules summary { min-height: 44px; line-height: 44px; cursor: pointer; color: #7a4b00; font-weight: 600; }
.course-table-rules p { margin: 0 0 6px; }
.course-map-part:empty { display: none; }
.course-map { margin-bottom: 12px; }
.course-map h3 { margin: 0 0 2px 0; font-size: 1rem; }
.course-map-done { margin: 0 0 6px 0; color: var(--muted); }
.course-chapters { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
.course-chapter { width: 100%; min-height: 44px; display: grid; grid-template-columns: 1fr auto; gap: 0 8px;
  text-align: left; padding: 4px 10px; background: #fff; border: 1px solid var(--line); border-radius: 8px;
  color: var(--ink); cursor: pointer; }
.course-chapter[aria-current] { border: 2px solid var(--accent); }
.course-chapter .chapter-title { font-weight: 600; grid-column: 1; }
.course-chapter .chapter-status { color: var(--muted); font-size: 0.85rem; grid-column: 1; }
.course-chapter .stars { grid-column: 2; grid-row: 1 / span 2; align-self: center; color: #7a5a00; letter-spacing: 1px; }
@media (max-width: 899px) {
  .course-line { gap: 0 8px; font-size: 0.92rem; }
  .course-title, .course-done { display: none; }
}
"""

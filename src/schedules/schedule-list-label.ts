// What a schedule posts, as the lists name it ("list my schedules" in chat, `datathread schedules
// list`): `report "Revenue by region"`, `alert "Signups below 200"`, and for a story schedule the
// story itself, `story “Weekly sales” v2`: the title and version people see on the story, rather
// than the title the schedule was given (often the story's id).
import type { ScheduleRecord } from '../store/schedule-types.js';

function sameName(left: string, right: string): boolean {
  return left.trim().toLowerCase() === right.trim().toLowerCase();
}

export function scheduleListLabel(schedule: Pick<ScheduleRecord, 'title' | 'alert' | 'story'>): string {
  const { story } = schedule;
  if (!story) return `${schedule.alert ? 'alert' : 'report'} "${schedule.title}"`;
  // A story saved without a title is named by its id: the one thing known about it.
  if (story.title.trim() === '') return `story ${story.storyId} v${story.version}`;
  const label = `story “${story.title.trim()}” v${story.version}`;
  // The schedule's own title heads its posts: named too when it is neither the story's title nor its id.
  const ownTitle = schedule.title.trim();
  return sameName(ownTitle, story.title) || sameName(ownTitle, story.storyId) ? label : `${label}, posted as "${ownTitle}"`;
}

// What the schedule tool needs to know about the turn it runs in: where the asker is (the owner's
// channel and team) and the zone a schedule gets when neither the request nor the asker's profile
// names one. Only Slack and Teams turns carry it: a schedule needs a place to post and buttons to confirm.
export interface ScheduleTurnSettings {
  channelId: string | undefined;
  teamId: string | undefined;
  /** `schedules.default_timezone`. */
  defaultTimeZone: string;
}

/** Members' set percentages in total, to two decimals (spec: they must make 100 under PERCENT). */
export function percentTotal(members: { percent: number }[]): number {
  return members.reduce((a, m) => a + Math.round(m.percent * 100), 0) / 100;
}

/**
 * A location as the conversation renders it (`thumbnail|link|description`, the shape Baileys
 * locations have always had), for every channel.
 */
export function locationBody(lat: number, lng: number, description?: string, thumbnail = ""): string {
  const link = `https://maps.google.com/maps?q=${lat}%2C${lng}&z=17`;
  return `${thumbnail}|${link}|${description || `${lat}, ${lng}`}`;
}

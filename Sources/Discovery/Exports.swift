// A panel's display is found as a connector with its modes and mounting, so whoever asks
// Discovery which display a panel is on gets the displays' types with the answer.
@_exported import Displays

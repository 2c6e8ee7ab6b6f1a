import Foundation
import PackagePlugin

/// Gives the command line its version before every build: the top entry of
/// `debian/changelog`, the one place a release's version is written.
@main
struct VersionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "Version")
        return [
            .prebuildCommand(
                displayName: "touchbridge version from debian/changelog",
                executable: URL(filePath: "/bin/sh"),
                arguments: [package.appending(path: "scripts/version").path, package.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
